package require ncgi
binary scan [encoding convertto utf-8 [ncgi::decode "%E9t%E9"]] H* h
puts $h
