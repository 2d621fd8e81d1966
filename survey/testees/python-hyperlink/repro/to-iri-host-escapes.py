from hyperlink import URL
print(URL.from_text("http://%77ww.%C3%A9.example/").to_iri().to_text())
