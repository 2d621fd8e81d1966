import rfc3986
print(rfc3986.uri_reference("http://example.com/%7Euser/%41").normalize().unsplit())
