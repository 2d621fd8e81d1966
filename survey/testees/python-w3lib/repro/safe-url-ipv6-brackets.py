from w3lib.url import safe_url_string
print(safe_url_string("http://[::1]:8080/a b"))
