#!/usr/bin/ruby
# frozen_string_literal: true

# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
# encoding helpers of Addressable::URI (Debian ruby-addressable,
# /usr/bin/ruby):
#
#   percentEncodeSet      Addressable::URI.encode_component(octets, CharacterClasses::X)
#                         for the sets rfc3986.unreserved, pchar, path, query, fragment
#   percentDecodeLenient  Addressable::URI.unencode_component(str)
#   normalize             Addressable::URI.normalize_component(str)
#   formEncode            Addressable::URI.form_encode([['', str]]) without its leading '='
#   formDecode            Addressable::URI.form_unencode('=' + str), the pair's value
#
# Every other op (and every other set) is answered "unsupported". README.md
# beside this file says why each function maps to its op; mapping.json says
# the same for machines.
#
#   pctest run -utf16hex -- /usr/bin/ruby survey/testees/ruby-addressable/testee.rb
#
# Ruby's JSON parser rejects lone surrogates, so the runner's -utf16hex mode
# is needed. Text with a lone surrogate has no UTF-8 form, so a Ruby String
# cannot hold it: such a request is answered "unsupported". A text result
# that is not valid UTF-8 is answered with the error "NotUTF8" and the
# octets in the message. An exception is answered with its class name.

require 'json'
require 'addressable/uri'

CC = Addressable::URI::CharacterClasses
SETS = {
  'rfc3986.unreserved' => CC::UNRESERVED,
  'rfc3986.pchar' => CC::PCHAR,
  'rfc3986.path' => CC::PATH,
  'rfc3986.query' => CC::QUERY,
  'rfc3986.fragment' => CC::FRAGMENT
}.freeze

def encode_set(octets, args)
  set = SETS[args['set']]
  raise Unsupported, "set #{args['set']} is none of Addressable's character classes" if set.nil?

  { 'out' => Addressable::URI.encode_component(octets, set) }
end

# form_decode decodes one name or value: the form parser splits on '&'
# before it decodes, so a string with '&' is no single value.
def form_decode(s)
  raise Unsupported, "'&' separates pairs" if s.include?('&')

  { 'out' => Addressable::URI.form_unencode("=#{s}")[0][1] }
end

FUNCTION_SETS = {
  '' => {
    'percentEncodeSet' => ->(b, a) { encode_set(b, a) },
    'percentDecodeLenient' => ->(s, _) { { 'out_hex' => Addressable::URI.unencode_component(s).unpack1('H*') } },
    'normalize' => ->(s, _) { { 'out' => Addressable::URI.normalize_component(s) } },
    'formEncode' => ->(s, _) { { 'out' => Addressable::URI.form_encode([['', s]]).delete_prefix('=') } },
    'formDecode' => ->(s, _) { form_decode(s) }
  }
}.freeze

# Raised when a request's input cannot be a Ruby UTF-8 String, or is not
# something the function takes.
class Unsupported < StandardError; end

# text_from_utf16_hex decodes "in_utf16" (big-endian code units in hex);
# Ruby's UTF-16 decoder pairs surrogates and rejects lone ones.
def text_from_utf16_hex(hex)
  s = [hex].pack('H*').force_encoding(Encoding::UTF_16BE)
  raise Unsupported, 'lone surrogate' unless s.valid_encoding?

  s.encode(Encoding::UTF_8)
end

def input_of(req)
  return [req['in_hex']].pack('H*') if req.key?('in_hex')
  return text_from_utf16_hex(req['in_utf16']) if req.key?('in_utf16')

  s = req['in']
  raise Unsupported, 'no input' unless s.is_a?(String) && s.valid_encoding?

  s
end

def answer(ops, line)
  req = JSON.parse(line)
  id = req['id']
  fn = ops[req['op']]
  return { 'id' => id, 'unsupported' => true } if fn.nil?

  begin
    resp = fn.call(input_of(req), req['args'] || {})
  rescue Unsupported => e
    return { 'id' => id, 'unsupported' => true, 'message' => e.message }
  rescue StandardError => e
    return { 'id' => id, 'error' => e.class.name, 'message' => e.message }
  end
  out = resp['out']
  if out && !out.dup.force_encoding(Encoding::UTF_8).valid_encoding?
    return { 'id' => id, 'error' => 'NotUTF8', 'message' => "result octets #{out.unpack1('H*')} are not UTF-8" }
  end
  resp['out'] = out.dup.force_encoding(Encoding::UTF_8) if out
  resp.merge('id' => id)
rescue JSON::ParserError => e
  warn "testee: bad request line: #{e.message}"
  nil
end

def main
  variant = ARGV[0] || ''
  ops = FUNCTION_SETS[variant]
  if ops.nil?
    warn "testee: unknown function set #{variant.inspect}; want one of #{FUNCTION_SETS.keys.inspect}"
    exit 2
  end
  $stdin.binmode
  $stdout.binmode
  pending = +''
  loop do
    chunk = begin
      $stdin.readpartial(1 << 16)
    rescue EOFError
      break
    end
    pending << chunk
    lines = pending.split("\n", -1)
    pending = lines.pop
    answers = lines.reject { |l| l.strip.empty? }.filter_map do |l|
      a = answer(ops, l.force_encoding(Encoding::UTF_8))
      a && JSON.generate(a)
    end
    next if answers.empty?

    $stdout.write(answers.join("\n") + "\n")
    $stdout.flush
  end
end

begin
  main
rescue Errno::EPIPE, Interrupt
  nil
end
