package require http
puts [http::quoteString "a\r\nb"]
