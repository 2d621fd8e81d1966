#!/usr/bin/env ruby
# A pctest testee template in Ruby (testee/PROTOCOL.md): one JSON request a
# line on stdin, one JSON answer a line on stdout. Replace percent_encode
# and percent_decode with calls into your library, and add the ops it has
# (`pctest ops` lists them). Check it with `pctest check -- ruby testee.rb`.
#
# Ruby's JSON turns a lone surrogate such as "\ud800" into invalid UTF-8:
# if you add the ECMAScript ops, run pctest with -utf16hex and read
# "in_utf16" (PROTOCOL.md §4); `pctest check` tells you when you need it.
require 'json'

$stdout.sync = true # write every answer at once: pctest waits for it (PROTOCOL.md §2)
$stdin.binmode

# percentEncode: octets in, text out (RFC 3986 §2.1, §2.3).
def percent_encode(octets)
  { out: octets.b.gsub(/[^A-Za-z0-9\-._~]/n) { |c| format('%%%02X', c.ord) } }
end

# percentDecode: text in, octets out; a '%' without two hex digits is an
# error (strict RFC 3986 decoding).
def percent_decode(text)
  octets = text.b
  return { error: 'MalformedEscape', message: 'bad escape' } if octets =~ /%(?![0-9A-Fa-f]{2})/n
  { out_hex: octets.gsub(/%([0-9A-Fa-f]{2})/n) { Regexp.last_match(1).hex.chr }.unpack1('H*') }
end

OPS = { 'percentEncode' => method(:percent_encode), 'percentDecode' => method(:percent_decode) }.freeze

$stdin.each_line do |line|
  next if line.strip.empty?
  req = JSON.parse(line.force_encoding(Encoding::UTF_8))
  fn = OPS[req['op']]
  input = req['in_hex'] ? [req['in_hex']].pack('H*') : req['in']
  answer = fn ? fn.call(input) : { unsupported: true }
  $stdout.write(JSON.generate({ id: req['id'] }.merge(answer)) + "\n")
end
