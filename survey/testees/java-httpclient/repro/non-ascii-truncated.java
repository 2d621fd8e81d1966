import java.nio.charset.StandardCharsets;
import org.apache.http.client.utils.URLEncodedUtils;

public class Repro {
    public static void main(String[] args) {
        // U+012E U+012E U+012F ("ĮĮį"): three letters, no escape in sight
        System.out.println(URLEncodedUtils.parse("a=\u012e\u012e\u012f", StandardCharsets.UTF_8));
    }
}
