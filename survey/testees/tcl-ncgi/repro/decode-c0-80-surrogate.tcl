package require ncgi
set out {}
foreach c [split [ncgi::decode "%C0%80%ED%A0%80"] {}] { lappend out [format U+%04X [scan $c %c]] }
puts [join $out]
