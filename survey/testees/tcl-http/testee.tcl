# A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for the Tcl http
# package's http::quoteString, the one-value form of http::formatQuery:
#
#   formEncode  http::quoteString value
#
# Every other op is answered "unsupported"; so is text with a lone
# surrogate, which has no UTF-8 form. The protocol (request fields read
# with regexps, answers in hex) is ../tcl-common/protocol.tcl.
package require http
source [file join [file dirname [info script]] .. tcl-common protocol.tcl]

pctest::serve {formEncode http::quoteString}
