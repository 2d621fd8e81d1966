import java.nio.charset.StandardCharsets;
import org.apache.http.client.utils.URLEncodedUtils;

public class Repro {
    public static void main(String[] args) {
        // fullwidth digits and letters after '%': "%２ｅ%２ｅ%２ｆ"
        System.out.println(URLEncodedUtils.parse("a=%\uff12\uff45%\uff12\uff45%\uff12\uff46", StandardCharsets.UTF_8));
    }
}
