# A pctest testee (protocol version 1, testee/PROTOCOL.md) for Elixir's URI
# module. The argument picks the function set, one row each:
#
#   unreserved  URI.encode(octets, &URI.char_unreserved?/1)  percentEncode
#               URI.decode(s)                                 percentDecodeLenient
#   www_form    URI.encode_www_form(s)                        formEncode
#               URI.decode_www_form(s)                        formDecode
#
# Run it in the runner's -utf16hex mode: request lines are then ASCII, read
# with regular expressions (Elixir 1.14 has no JSON module). Text becomes a
# UTF-8 binary; text with a lone surrogate has no such form and is answered
# "unsupported", as is every other op. The functions work on bytes, so
# octets are handed over as they are. A text result that is not UTF-8 is
# answered with the error NotUTF8 (the octets in the message).
defmodule Testee do
  def main([which]) when which in ["unreserved", "www_form"] do
    # Read and write octets as they are: request lines may hold UTF-8 (args).
    :ok = :io.setopts(:standard_io, encoding: :latin1)

    IO.binstream(:stdio, :line)
    |> Enum.each(fn line ->
      case Regex.run(~r/"id":(\d+)/, line) do
        [_, id] -> IO.write(["{\"id\":", id, answer(which, field(line, "op"), line), "}\n"])
        _ -> :ok
      end
    end)
  end

  def main(_) do
    IO.puts(:stderr, "usage: elixir testee.exs unreserved|www_form")
    System.halt(2)
  end

  defp field(line, name) do
    case Regex.run(~r/"#{name}":"([^"]*)"/, line) do
      [_, v] -> v
      _ -> nil
    end
  end

  defp answer(which, op, line) do
    input =
      case {field(line, "in_utf16"), field(line, "in_hex")} do
        {nil, nil} -> nil
        {nil, hex} -> Base.decode16!(hex, case: :mixed)
        {u16, _} -> text(u16)
      end

    if input == nil, do: ~s(,"unsupported":true), else: result(call(which, op, input))
  end

  defp text(hex) do
    case :unicode.characters_to_binary(Base.decode16!(hex, case: :mixed), {:utf16, :big}, :utf8) do
      b when is_binary(b) -> b
      _ -> nil
    end
  end

  defp call("unreserved", "percentEncode", s), do: {:text, URI.encode(s, &URI.char_unreserved?/1)}
  defp call("unreserved", "percentDecodeLenient", s), do: {:octets, URI.decode(s)}
  defp call("www_form", "formEncode", s), do: {:text, URI.encode_www_form(s)}
  defp call("www_form", "formDecode", s), do: {:text, URI.decode_www_form(s)}
  defp call(_, _, _), do: :unsupported

  defp result(:unsupported), do: ~s(,"unsupported":true)
  defp result({:octets, b}), do: [~s(,"out_hex":"), Base.encode16(b), ~s(")]

  defp result({:text, b}) do
    case :unicode.characters_to_binary(b, :utf8, {:utf16, :big}) do
      u when is_binary(u) -> [~s(,"out_utf16":"), Base.encode16(u), ~s(")]
      _ -> [~s(,"error":"NotUTF8","message":"), Base.encode16(b), ~s(")]
    end
  end
end

Testee.main(System.argv())
