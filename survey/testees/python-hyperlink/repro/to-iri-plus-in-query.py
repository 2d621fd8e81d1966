from hyperlink import URL
print(URL.from_text("http://x/?a%2Bb=c").to_iri().to_text())
