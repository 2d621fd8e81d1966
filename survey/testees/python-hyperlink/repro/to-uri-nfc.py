from hyperlink import URL
print(URL.from_text("http://example.com/\uf900").to_uri().to_text())
