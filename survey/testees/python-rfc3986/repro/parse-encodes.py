import rfc3986
print(rfc3986.uri_reference('/a"b').normalized_equality(rfc3986.uri_reference("/a%22b")))
