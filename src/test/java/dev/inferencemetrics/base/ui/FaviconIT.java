package dev.inferencemetrics.base.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.HttpIntegrationTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The product's icon: in every page's head, and where browsers ask for it without being told. */
class FaviconIT extends HttpIntegrationTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void favicon_ico_is_served_to_anyone_as_an_icon() throws Exception {
        HttpResponse<byte[]> icon = get("/favicon.ico", HttpResponse.BodyHandlers.ofByteArray());

        assertThat(icon.statusCode()).isEqualTo(200);
        // an ICO file: reserved 0, type 1 (icon)
        assertThat(icon.body()).startsWith(0, 0, 1, 0);
    }

    @Test
    void every_page_links_the_svg_icon_from_its_head_and_serves_it() throws Exception {
        String page = get("/login", HttpResponse.BodyHandlers.ofString()).body();
        HttpResponse<String> svg = get("/icons/favicon.svg", HttpResponse.BodyHandlers.ofString());

        assertThat(page)
                .containsPattern("<link [^>]*rel=\"icon\"[^>]*>")
                .containsPattern("<link [^>]*href=\"icons/favicon.svg\"[^>]*rel=\"icon\"|<link [^>]*rel=\"icon\"[^>]*"
                        + "href=\"icons/favicon.svg\"");
        assertThat(svg.statusCode()).isEqualTo(200);
        assertThat(svg.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("image/svg+xml"));
        assertThat(svg.body()).startsWith("<svg");
    }

    private <T> HttpResponse<T> get(String path, HttpResponse.BodyHandler<T> body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .GET()
                        .build(),
                body);
    }
}
