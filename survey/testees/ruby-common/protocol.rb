# frozen_string_literal: true

# The pctest protocol (version 1, see testee/PROTOCOL.md) for the survey's
# Ruby testees: each testee's own file holds only its library mapping and
# calls Protocol.serve(FUNCTION_SETS). README.md beside this file says how.

require 'json'

module Protocol
  # Raised when a request's input cannot be a Ruby UTF-8 String, or is not
  # something the function takes: the request is answered "unsupported".
  class Unsupported < StandardError; end

  module_function

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

  # answer gives the answer (a Hash) to one request line, or nil for a line
  # that is no JSON.
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

  def loop_over(ops)
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

      # Answer every complete line read before blocking for more.
      $stdout.write(answers.join("\n") + "\n")
      $stdout.flush
    end
  end

  # serve answers requests on stdin with the function set that the first
  # argument names ('' when there is none) until stdin ends.
  def serve(function_sets)
    variant = ARGV[0] || ''
    ops = function_sets[variant]
    if ops.nil?
      warn "testee: unknown function set #{variant.inspect}; want one of #{function_sets.keys.inspect}"
      exit 2
    end
    loop_over(ops)
  rescue Errno::EPIPE, Interrupt
    nil
  end
end
