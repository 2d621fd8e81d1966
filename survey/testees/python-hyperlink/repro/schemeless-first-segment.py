from hyperlink import URL
print(URL.from_text("é/é").to_text())
