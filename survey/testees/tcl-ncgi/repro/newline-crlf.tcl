package require ncgi
puts [ncgi::encode "a\r\nb"]
