from werkzeug.urls import uri_to_iri
print(uri_to_iri("http://example.com/a%3Bb%2Cc"))
