import java.nio.charset.StandardCharsets;
import org.apache.http.client.utils.URLEncodedUtils;

public class Repro {
    public static void main(String[] args) {
        // literal tabs around and inside a value: "[\t1\t\t2\t]"
        System.out.println(URLEncodedUtils.parse("a=[\t1\t\t2\t]&b=\t1\t\t2\t", StandardCharsets.UTF_8).toString().replace("\t", "\\t"));
    }
}
