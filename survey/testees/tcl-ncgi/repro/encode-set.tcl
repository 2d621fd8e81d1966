package require ncgi
puts [ncgi::encode "a-b.c_d*e"]
