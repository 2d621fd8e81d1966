## A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for Nim's
## std/uri encodeUrl and decodeUrl. The first argument picks the profile,
## so that no two functions answer the same op in one run:
##
##   (none)   formEncode            encodeUrl(s)                    (usePlus = true)
##            formDecode            decodeUrl(s)                    (decodePlus = true)
##   noplus   percentEncode         encodeUrl(octets, usePlus = false)
##            percentDecodeLenient  decodeUrl(s, decodePlus = false)
##
## Every other op is answered "unsupported"; so is text with a lone
## surrogate, which has no UTF-8 form. A Nim string is octets; the few
## request fields are read by hand and every answer is hex.
import std/[os, strutils, unicode, uri]

proc field(line, name: string): string =
  ## The value of "name": a number or a string without escapes; "" if absent.
  let key = "\"" & name & "\":"
  var i = line.find(key)
  if i < 0: return ""
  i += key.len
  while i < line.len and line[i] in {' ', '"'}: inc i
  var j = i
  while j < line.len and line[j] notin {'"', ',', '}'}: inc j
  line[i ..< j]

proc utf16ToUtf8(h: string, ok: var bool): string =
  var units: seq[int]
  for k in countup(0, h.len - 4, 4): units.add parseHexInt(h[k ..< k+4])
  ok = true
  var i = 0
  while i < units.len:
    var u = units[i]
    if u in 0xD800..0xDBFF and i+1 < units.len and units[i+1] in 0xDC00..0xDFFF:
      u = 0x10000 + (u - 0xD800) * 0x400 + (units[i+1] - 0xDC00)
      inc i
    elif u in 0xD800..0xDFFF:
      ok = false
      return ""
    result.add toUTF8(Rune(u))
    inc i

proc isUtf8(s: string): bool =
  ## Strict UTF-8: std/unicode's validateUtf8 lets overlong forms and
  ## surrogates through, so every rune must also encode back to its octets.
  if validateUtf8(s) >= 0: return false
  var back = ""
  for r in runes(s):
    if int(r) in 0xD800..0xDFFF or int(r) > 0x10FFFF: return false
    back.add toUTF8(r)
  back == s

proc utf8ToUtf16(s: string): string =
  for r in runes(s):
    var u = int(r)
    if u > 0xFFFF:
      u -= 0x10000
      result.add toHex(0xD800 + (u shr 10), 4) & toHex(0xDC00 + (u and 0x3FF), 4)
    else:
      result.add toHex(u, 4)

let plus = paramCount() == 0
if paramCount() > 0 and paramStr(1) != "noplus":
  stderr.writeLine "testee: unknown function set " & paramStr(1)
  quit 2

proc answer(line: string): string =
  let id = field(line, "id")
  let op = field(line, "op")
  let unsupported = "{\"id\":" & id & ",\"unsupported\":true}"
  var arg: string
  if op == (if plus: "formEncode" else: "percentEncode") or
     op == (if plus: "formDecode" else: "percentDecodeLenient"):
    if op == "percentEncode":
      if not line.contains("\"in_hex\""): return unsupported
      arg = parseHexStr(field(line, "in_hex"))
    else:
      if not line.contains("\"in_utf16\""): return unsupported
      var ok: bool
      arg = utf16ToUtf8(field(line, "in_utf16"), ok)
      if not ok: return unsupported
  else:
    return unsupported
  case op
  of "formEncode", "percentEncode":
    "{\"id\":" & id & ",\"out_utf16\":\"" & utf8ToUtf16(encodeUrl(arg, plus)) & "\"}"
  of "percentDecodeLenient":
    "{\"id\":" & id & ",\"out_hex\":\"" & toHex(decodeUrl(arg, false)) & "\"}"
  else:
    let r = decodeUrl(arg, true)
    if not isUtf8(r):
      # decodeUrl returns octets; text that is not UTF-8 has no answer as text.
      "{\"id\":" & id & ",\"error\":\"NotUTF8\",\"message\":\"" & toHex(r) & "\"}"
    else:
      "{\"id\":" & id & ",\"out_utf16\":\"" & utf8ToUtf16(r) & "\"}"

var line: string
while readLine(stdin, line):
  if line.contains("\"id\""):
    stdout.writeLine answer(line)
    flushFile(stdout)
