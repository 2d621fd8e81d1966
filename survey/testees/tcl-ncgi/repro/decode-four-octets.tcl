package require ncgi
binary scan [encoding convertto utf-8 [ncgi::decode "%F0%9F%98%80"]] H* h
puts $h
