from hyperlink import URL
print(URL.from_text("http://example.com/%C3%A9%FF").to_iri().to_text())
