#!/usr/bin/env ruby
# frozen_string_literal: true

# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Ruby's
# standard library. The first argument picks the function set, so that no
# two functions answer the same op in one run:
#
#   (none)  formEncode     URI.encode_www_form_component(str)
#           formDecode     URI.decode_www_form_component(str)
#           percentEncode  ERB::Util.url_encode(octets)
#   cgi     formEncode     CGI.escape(str)
#           formDecode     CGI.unescape(str)
#
# Every other op is answered "unsupported". README.md beside this file says
# why each function maps to its op; mapping.json says the same for machines.
#
#   pctest run -utf16hex -- ruby survey/testees/ruby-stdlib/testee.rb [cgi]
#
# Ruby's JSON parser rejects lone surrogates, so the runner's -utf16hex mode
# is needed: text arrives as "in_utf16". Text with a lone surrogate has no
# UTF-8 form, so a Ruby String cannot hold it: such a request is answered
# "unsupported". A text result that is not valid UTF-8 (these functions
# return the decoded octets as they are) is answered with the error
# "NotUTF8" and the octets in the message. An exception the function raises
# is answered with its class name as the error kind.

require 'json'
require 'uri'
require 'erb'
require 'cgi'

FUNCTION_SETS = {
  '' => {
    'formEncode' => ->(s) { { 'out' => URI.encode_www_form_component(s) } },
    'formDecode' => ->(s) { { 'out' => URI.decode_www_form_component(s) } },
    'percentEncode' => ->(b) { { 'out' => ERB::Util.url_encode(b) } }
  },
  'cgi' => {
    'formEncode' => ->(s) { { 'out' => CGI.escape(s) } },
    'formDecode' => ->(s) { { 'out' => CGI.unescape(s) } }
  }
}.freeze

# Raised when a request's text cannot be a Ruby UTF-8 String.
class Unrepresentable < StandardError; end

# text_from_utf16_hex decodes "in_utf16" (big-endian code units in hex);
# Ruby's UTF-16 decoder pairs surrogates and rejects lone ones.
def text_from_utf16_hex(hex)
  s = [hex].pack('H*').force_encoding(Encoding::UTF_16BE)
  raise Unrepresentable, 'lone surrogate' unless s.valid_encoding?

  s.encode(Encoding::UTF_8)
end

def input_of(req)
  return [req['in_hex']].pack('H*') if req.key?('in_hex')
  return text_from_utf16_hex(req['in_utf16']) if req.key?('in_utf16')

  s = req['in']
  raise Unrepresentable, 'no input' unless s.is_a?(String) && s.valid_encoding?

  s
end

def answer(ops, line)
  req = JSON.parse(line)
  id = req['id']
  fn = ops[req['op']]
  return { 'id' => id, 'unsupported' => true } if fn.nil?

  begin
    input = input_of(req)
  rescue Unrepresentable => e
    return { 'id' => id, 'unsupported' => true, 'message' => e.message }
  end
  begin
    resp = fn.call(input)
  rescue StandardError => e
    return { 'id' => id, 'error' => e.class.name, 'message' => e.message }
  end
  out = resp['out']
  if out && !(out.dup.force_encoding(Encoding::UTF_8).valid_encoding?)
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
