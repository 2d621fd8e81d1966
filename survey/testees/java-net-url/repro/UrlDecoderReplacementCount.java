// URLDecoder.decode("%ED%A0%80", UTF_8): the Encoding Standard's UTF-8 decoder gives three U+FFFD.
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
public class UrlDecoderReplacementCount { public static void main(String[] a) {
  StringBuilder b = new StringBuilder();
  for (char c : URLDecoder.decode("%ED%A0%80", StandardCharsets.UTF_8).toCharArray()) b.append(String.format("\\u%04x", (int) c));
  System.out.println(b); } }
