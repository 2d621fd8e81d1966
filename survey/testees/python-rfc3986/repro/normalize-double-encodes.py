import rfc3986
print(rfc3986.uri_reference("http://example.com/100%/%E9").normalize().unsplit())
