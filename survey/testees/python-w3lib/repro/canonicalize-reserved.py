from w3lib.url import canonicalize_url
print(canonicalize_url("http://example.com/a%3Bb"))
