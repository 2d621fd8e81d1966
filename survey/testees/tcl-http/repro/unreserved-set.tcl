package require http
puts [http::quoteString "a b*~"]
