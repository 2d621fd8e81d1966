# The pctest protocol (testee/PROTOCOL.md, run with -utf16hex) for the
# survey's Tcl testees: each testee's own file holds only its library
# mapping and calls pctest::serve with it. README.md beside this file says
# how. The few request fields are read with regexps and every answer is
# hex, so no JSON library is needed.
namespace eval pctest {}

proc pctest::fromUtf16 {hex} {
    set s ""
    foreach {a b c d} [split $hex ""] {
        append s [format %c [scan $a$b$c$d %x]]
    }
    return $s
}

proc pctest::loneSurrogate {s} {
    # A high surrogate not followed by a low one, or a low one alone.
    return [regexp {[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]} $s]
}

proc pctest::toUtf16 {s} {
    set h ""
    foreach c [split $s ""] {
        set u [scan $c %c]
        if {$u > 0xFFFF} {
            # Tcl may hand back a character outside the BMP as one char.
            set u [expr {$u - 0x10000}]
            append h [format %04x%04x [expr {0xD800 + ($u >> 10)}] [expr {0xDC00 + ($u & 0x3FF)}]]
        } else {
            append h [format %04x $u]
        }
    }
    return $h
}

# pctest::answer answers one request line with the command that functions
# (a dict: op -> command) names for its op, or "" for a line without an id.
proc pctest::answer {functions line} {
    if {![regexp {"id":\s*(\d+)} $line -> id]} { return "" }
    regexp {"op":\s*"([^"]*)"} $line -> op
    if {![dict exists $functions $op] || ![regexp {"in_utf16":\s*"([0-9a-fA-F]*)"} $line -> in]} {
        return "{\"id\":$id,\"unsupported\":true}"
    }
    set s [fromUtf16 $in]
    if {[loneSurrogate $s]} { return "{\"id\":$id,\"unsupported\":true}" }
    if {[catch {{*}[dict get $functions $op] $s} out]} {
        return "{\"id\":$id,\"error\":\"TclError\"}"
    }
    return "{\"id\":$id,\"out_utf16\":\"[toUtf16 $out]\"}"
}

# pctest::serve answers the request lines on stdin, each as soon as it is
# read, until stdin ends.
proc pctest::serve {functions} {
    fconfigure stdin -translation binary
    fconfigure stdout -translation lf
    while {[gets stdin line] >= 0} {
        set a [answer $functions $line]
        if {$a ne ""} { puts $a; flush stdout }
    }
}
