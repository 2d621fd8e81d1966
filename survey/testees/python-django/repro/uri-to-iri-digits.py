from django.utils.encoding import uri_to_iri
print(uri_to_iri("http://example.com/%30%41"))
