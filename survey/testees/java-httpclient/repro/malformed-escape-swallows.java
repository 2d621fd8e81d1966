import java.nio.charset.StandardCharsets;
import org.apache.http.client.utils.URLEncodedUtils;

public class Repro {
    public static void main(String[] args) {
        // "100%" then "+" (a space) and "%2B" (a plus sign)
        System.out.println(URLEncodedUtils.parse("a=100%+%2B1", StandardCharsets.UTF_8));
    }
}
