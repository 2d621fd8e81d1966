# the form serializer keeps '*' and encodes '~'
IO.puts(URI.encode_www_form("*~"))
