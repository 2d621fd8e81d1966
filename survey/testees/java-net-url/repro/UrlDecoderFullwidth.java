// URLDecoder.decode takes fullwidth digits and letters as hex digits:
// "%２ｅ%２ｅ%２ｆ" should be rejected (or kept), not decode to "../".
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
public class UrlDecoderFullwidth { public static void main(String[] a) {
  try { System.out.println(URLDecoder.decode("%\uff12\uff45%\uff12\uff45%\uff12\uff46", StandardCharsets.UTF_8)); }
  catch (IllegalArgumentException e) { System.out.println("IllegalArgumentException"); } } }
