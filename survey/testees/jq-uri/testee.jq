# A pctest testee (testee/PROTOCOL.md) for jq's @uri format, run as
#   jq --unbuffered -c -f testee.jq
# with the runner's -utf16hex mode (no lone surrogate reaches jq's parser):
#
#   percentEncode  @uri of the text whose UTF-8 the octets are
#
# Every other op is answered "unsupported"; so are octets that are not
# strict UTF-8, since a jq string is text.

def hexbytes:
  explode
  | map(if . >= 97 then . - 87 elif . >= 65 then . - 55 else . - 48 end)
  | [range(0; length; 2) as $i | .[$i] * 16 + .[$i + 1]];

# Code points of UTF-8 octets, leniently; null when a sequence is cut.
def utf8dec:
  reduce .[] as $x ({cps: [], need: 0, cp: 0, bad: false};
    if .bad then .
    elif .need > 0 then
      if $x >= 128 and $x < 192
      then .cp = .cp * 64 + ($x - 128) | .need -= 1
           | if .need == 0 then .cps += [.cp] else . end
      else .bad = true end
    elif $x < 128 then .cps += [$x]
    elif $x >= 192 and $x < 224 then .need = 1 | .cp = $x - 192
    elif $x >= 224 and $x < 240 then .need = 2 | .cp = $x - 224
    elif $x >= 240 and $x < 248 then .need = 3 | .cp = $x - 240
    else .bad = true end)
  | if .bad or .need > 0 then null else .cps end;

def utf8enc:
  map(if . < 128 then [.]
      elif . < 2048 then [192 + (. / 64 | floor), 128 + (. % 64)]
      elif . < 65536 then [224 + (. / 4096 | floor), 128 + ((. / 64 | floor) % 64), 128 + (. % 64)]
      else [240 + (. / 262144 | floor), 128 + ((. / 4096 | floor) % 64), 128 + ((. / 64 | floor) % 64), 128 + (. % 64)]
      end)
  | add // [];

# The text of strictly valid UTF-8 octets (no overlong form, no surrogate), or null.
def utf8text:
  . as $b
  | ($b | utf8dec) as $cps
  | if $cps != null
       and ($cps | all(. < 55296 or (. > 57343 and . <= 1114111)))
       and ($cps | utf8enc) == $b
    then $cps | implode else null end;

if .op == "percentEncode" and (.in_hex | type) == "string"
then (.in_hex | hexbytes | utf8text) as $s
     | if $s == null then {id, unsupported: true} else {id, out: ($s | @uri)} end
else {id, unsupported: true}
end
