package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ScrapeTargetSnippetTest {

    @Test
    void the_snippet_posts_a_target_of_this_deployment_that_the_api_reads() {
        String curl = new ScrapeTargetSnippet("https://metrics.example.com", "qwen3-coder").curl();

        assertThat(curl)
                .contains("curl -X POST https://metrics.example.com/api/v1/scrape-targets \\\n")
                .contains("-H \"Authorization: Bearer $INFERENCE_METRICS_KEY\"");
        String body = curl.substring(curl.indexOf("-d '") + 4, curl.lastIndexOf('\''));
        JsonNode target = JsonMapper.shared().readTree(body);
        assertThat(target.get("deployment").asString()).isEqualTo("qwen3-coder");
        assertThat(ScrapeUrls.problem(target.get("url").asString())).isEmpty();
        assertThat(target.get("intervalSeconds").asInt()).isEqualTo(15);
    }
}
