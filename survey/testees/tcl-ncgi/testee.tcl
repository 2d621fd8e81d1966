# A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for tcllib's ncgi
# package:
#
#   formEncode  ncgi::encode string
#   formDecode  ncgi::decode str
#
# Every other op is answered "unsupported"; so is text with a lone
# surrogate, which has no UTF-8 form. The few request fields are read with
# regexps and every answer is hex, so no JSON library is needed.
package require ncgi

proc fromUtf16 {hex} {
    set s ""
    foreach {a b c d} [split $hex ""] {
        append s [format %c [scan $a$b$c$d %x]]
    }
    return $s
}

proc loneSurrogate {s} {
    # A high surrogate not followed by a low one, or a low one alone.
    return [regexp {[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]} $s]
}

proc toUtf16 {s} {
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

array set functions {formEncode ncgi::encode formDecode ncgi::decode}

proc answer {line} {
    global functions
    if {![regexp {"id":\s*(\d+)} $line -> id]} { return "" }
    regexp {"op":\s*"([^"]*)"} $line -> op
    if {![info exists functions($op)] || ![regexp {"in_utf16":\s*"([0-9a-fA-F]*)"} $line -> in]} {
        return "{\"id\":$id,\"unsupported\":true}"
    }
    set s [fromUtf16 $in]
    if {[loneSurrogate $s]} { return "{\"id\":$id,\"unsupported\":true}" }
    if {[catch {$functions($op) $s} out]} {
        return "{\"id\":$id,\"error\":\"TclError\"}"
    }
    return "{\"id\":$id,\"out_utf16\":\"[toUtf16 $out]\"}"
}

fconfigure stdin -translation binary
fconfigure stdout -translation lf
while {[gets stdin line] >= 0} {
    set a [answer $line]
    if {$a ne ""} { puts $a; flush stdout }
}
