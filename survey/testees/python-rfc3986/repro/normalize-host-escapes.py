import rfc3986
print(rfc3986.uri_reference("http://a%2Cb.Example/%2c").normalize().unsplit())
