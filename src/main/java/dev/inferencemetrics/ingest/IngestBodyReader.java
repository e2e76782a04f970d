package dev.inferencemetrics.ingest;

import dev.inferencemetrics.api.ApiProblem;
import jakarta.servlet.http.HttpServletRequest;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads an ingest body within the limits: the size is checked before parsing (declared length, bytes on the wire,
 * and bytes after gzip decompression), so no body over the limit is ever held in memory.
 */
@Component
class IngestBodyReader {

    private final ObjectMapper json;

    IngestBodyReader(ObjectMapper json) {
        this.json = json;
    }

    IngestBody read(HttpServletRequest request, IngestLimits limits) throws IOException {
        requireJson(request.getContentType());
        long maxBytes = limits.maxBodySize().toBytes();
        if (request.getContentLengthLong() > maxBytes) {
            throw tooLarge(limits);
        }
        JsonNode root = parse(open(request, maxBytes, limits), limits);
        if (!root.isObject()) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "The body must be a JSON object.");
        }
        JsonNode deployment = root.get("deployment");
        if (deployment == null
                || !deployment.isString()
                || deployment.stringValue().isBlank()) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "\"deployment\" (the deployment's slug) is required.");
        }
        JsonNode samples = root.get("samples");
        if (samples == null || !samples.isArray()) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "\"samples\" must be an array.");
        }
        if (samples.size() > limits.maxSamples()) {
            throw new ApiProblem(
                    HttpStatus.CONTENT_TOO_LARGE,
                    "A batch holds at most " + limits.maxSamples() + " samples; this one has " + samples.size() + ".");
        }
        List<JsonNode> list = new ArrayList<>(samples.size());
        samples.forEach(list::add);
        return new IngestBody(deployment.stringValue(), list);
    }

    private static void requireJson(String contentType) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.parseMediaType(contentType);
        } catch (InvalidMediaTypeException e) {
            type = null;
        }
        if (type == null || !(MediaType.APPLICATION_JSON.includes(type) || "json".equals(type.getSubtypeSuffix()))) {
            throw new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Send the body as Content-Type: application/json.");
        }
        String charset = type.getParameter("charset");
        if (charset != null && !charset.equalsIgnoreCase("utf-8")) {
            throw new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "JSON bodies must be UTF-8.");
        }
    }

    private static InputStream open(HttpServletRequest request, long maxBytes, IngestLimits limits) throws IOException {
        InputStream wire = new BoundedInputStream(request.getInputStream(), maxBytes, limits);
        String encoding = request.getHeader(HttpHeaders.CONTENT_ENCODING);
        if (encoding == null || encoding.isBlank() || encoding.equalsIgnoreCase("identity")) {
            return wire;
        }
        if (encoding.equalsIgnoreCase("gzip")) {
            try {
                return new BoundedInputStream(new GZIPInputStream(wire, 8192), maxBytes, limits);
            } catch (ZipException | EOFException e) {
                // an empty or cut-off body ends before the gzip header is complete
                throw new ApiProblem(HttpStatus.BAD_REQUEST, "The body is not valid gzip.");
            }
        }
        throw new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Encoding must be gzip or absent.");
    }

    private JsonNode parse(InputStream body, IngestLimits limits) {
        try (body) {
            return json.readTree(body);
        } catch (JacksonException e) {
            if (e.getCause() instanceof ApiProblem problem) {
                throw problem;
            }
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "The body is not valid JSON: " + e.getOriginalMessage());
        } catch (ZipException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "The body is not valid gzip.");
        } catch (IOException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "The body could not be read: " + e.getMessage());
        }
    }

    private static ApiProblem tooLarge(IngestLimits limits) {
        return new ApiProblem(
                HttpStatus.CONTENT_TOO_LARGE,
                "The body is larger than " + limits.maxBodySize().toMegabytes() + " MiB (after decompression too).");
    }

    /** Fails with 413 as soon as more than the limit has been read. */
    private static final class BoundedInputStream extends FilterInputStream {
        private final long limit;
        private final IngestLimits limits;
        private long read;

        BoundedInputStream(InputStream in, long limit, IngestLimits limits) {
            super(in);
            this.limit = limit;
            this.limits = limits;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > limit) {
                throw tooLarge(limits);
            }
        }
    }
}
