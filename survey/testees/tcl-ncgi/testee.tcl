# A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for tcllib's ncgi
# package:
#
#   formEncode  ncgi::encode string
#   formDecode  ncgi::decode str
#
# Every other op is answered "unsupported"; so is text with a lone
# surrogate, which has no UTF-8 form. The protocol (request fields read
# with regexps, answers in hex) is ../tcl-common/protocol.tcl.
package require ncgi
source [file join [file dirname [info script]] .. tcl-common protocol.tcl]

pctest::serve {formEncode ncgi::encode formDecode ncgi::decode}
