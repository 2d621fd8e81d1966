package require ncgi
puts [list [ncgi::encode "\u00e9"] [catch {ncgi::encode "\u20ac"}]]
