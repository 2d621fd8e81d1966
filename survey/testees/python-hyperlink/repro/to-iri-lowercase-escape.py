from hyperlink import URL
print(URL.from_text("http://example.com/%8a").to_iri().to_text())
