import rfc3986
print(rfc3986.iri_reference("http://example.com/100%/%E9").encode().unsplit())
