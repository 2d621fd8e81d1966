from w3lib.url import canonicalize_url
print(repr(canonicalize_url("")))
