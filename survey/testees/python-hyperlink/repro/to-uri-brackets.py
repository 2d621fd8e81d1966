from hyperlink import URL
print(URL.from_text("http://example.com/a[b]").to_uri().to_text())
