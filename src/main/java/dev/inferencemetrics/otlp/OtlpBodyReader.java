package dev.inferencemetrics.otlp;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.ingest.IngestLimits;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import jakarta.servlet.http.HttpServletRequest;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads an OTLP trace export within the body limit. The declared length is checked first, and at most one byte more
 * than the limit is ever read (after gzip decompression), so an oversized body is refused without being held.
 */
@Component
class OtlpBodyReader {

    private final OtlpJson json;

    OtlpBodyReader(ObjectMapper json) {
        this.json = new OtlpJson(json);
    }

    ExportTraceServiceRequest read(HttpServletRequest request, OtlpEncoding encoding, IngestLimits limits)
            throws IOException {
        long maxBytes = limits.maxBodySize().toBytes();
        if (request.getContentLengthLong() > maxBytes) {
            throw tooLarge(limits);
        }
        byte[] body;
        try (InputStream in = decoded(request)) {
            body = in.readNBytes(Math.toIntExact(maxBytes + 1));
        } catch (ZipException | EOFException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "The body is not valid gzip.");
        }
        if (body.length > maxBytes) {
            throw tooLarge(limits);
        }
        try {
            return encoding == OtlpEncoding.PROTOBUF ? ExportTraceServiceRequest.parseFrom(body) : json.parse(body);
        } catch (InvalidProtocolBufferException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "The body is not an OTLP protobuf trace export.");
        } catch (IllegalArgumentException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, e.getMessage());
        }
    }

    private static InputStream decoded(HttpServletRequest request) throws IOException {
        String encoding = request.getHeader(HttpHeaders.CONTENT_ENCODING);
        if (encoding == null || encoding.isBlank() || encoding.equalsIgnoreCase("identity")) {
            return request.getInputStream();
        }
        if (encoding.equalsIgnoreCase("gzip")) {
            return new GZIPInputStream(request.getInputStream(), 8192);
        }
        throw new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Encoding must be gzip or absent.");
    }

    private static ApiProblem tooLarge(IngestLimits limits) {
        return new ApiProblem(
                HttpStatus.CONTENT_TOO_LARGE,
                "The body is larger than " + limits.maxBodySize().toMegabytes() + " MiB (after decompression too).");
    }
}
