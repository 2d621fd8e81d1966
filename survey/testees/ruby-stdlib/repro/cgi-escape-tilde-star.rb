# CGI.escape claims application/x-www-form-urlencoded, whose serializer
# (WHATWG URL §5.2) keeps '*' and encodes '~': "*~" should be "*%7E".
require "cgi"
puts CGI.escape("*~")
