from boltons.urlutils import quote_path_part
print(quote_path_part("e\u0301"))
