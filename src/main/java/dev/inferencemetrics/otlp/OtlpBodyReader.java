package dev.inferencemetrics.otlp;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.base.UnusableValueException;
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
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads an OTLP trace export within the limits of one call. The declared length is checked first, and at most one
 * byte more than the body limit is ever read (after gzip decompression), so an oversized body is refused without
 * being held; the spans are counted from the encoded body as it arrives and an export with more than a call may carry
 * is refused before any of them is built. What the body holds is reserved from the tenant's decoding budget first.
 */
@Component
class OtlpBodyReader {

    private final ObjectMapper mapper;
    private final OtlpJson json;

    OtlpBodyReader(ObjectMapper json) {
        this.mapper = json;
        this.json = new OtlpJson(json);
    }

    /** The bytes the body may hold: its declared length when it is sent as is, else the body limit. */
    long expectedSize(HttpServletRequest request, IngestLimits limits) {
        long maxBytes = limits.maxBodySize().toBytes();
        long declared = request.getContentLengthLong();
        if (declared > maxBytes) {
            throw tooLarge(limits);
        }
        return declared >= 0 && identity(request) ? declared : maxBytes;
    }

    ExportTraceServiceRequest read(
            HttpServletRequest request, OtlpEncoding encoding, IngestLimits limits, DecodingBudget.Share share)
            throws IOException {
        HeldBody body;
        try (InputStream in = decoded(request)) {
            body = new HeldBody(in, limits.maxBodySize().toBytes(), () -> tooLarge(limits));
            count(body, encoding, limits.maxSamples());
        } catch (ZipException | EOFException e) {
            throw notGzip();
        }
        share.shrinkTo(body.size());
        try {
            return encoding == OtlpEncoding.PROTOBUF
                    ? ExportTraceServiceRequest.parseFrom(body.bytes())
                    : json.parse(body.bytes());
        } catch (InvalidProtocolBufferException e) {
            throw notProtobuf();
        } catch (UnusableValueException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, e.getMessage());
        }
    }

    /**
     * Counts the spans as the body arrives, so an export with too many is refused after its first few kilobytes; then
     * reads the rest. A body that is not an export is still read to its end, so an oversized one is a 413 whatever it
     * holds.
     */
    private void count(HeldBody body, OtlpEncoding encoding, int maxSpans) throws IOException {
        try {
            if (encoding == OtlpEncoding.PROTOBUF) {
                SpanCount.ofProtobuf(CodedInputStream.newInstance(body), maxSpans);
            } else {
                try (JsonParser parser = mapper.createParser(body)) {
                    SpanCount.ofJson(parser, maxSpans);
                }
            }
            body.readRest();
        } catch (InvalidProtocolBufferException e) {
            body.readRest();
            throw notProtobuf();
        } catch (JacksonException e) {
            if (e.getCause() instanceof ZipException || e.getCause() instanceof EOFException) {
                throw notGzip();
            }
            body.readRest();
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "The body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static ApiProblem notGzip() {
        return new ApiProblem(HttpStatus.BAD_REQUEST, "The body is not valid gzip.");
    }

    private static ApiProblem notProtobuf() {
        return new ApiProblem(HttpStatus.BAD_REQUEST, "The body is not an OTLP protobuf trace export.");
    }

    private static boolean identity(HttpServletRequest request) {
        String encoding = request.getHeader(HttpHeaders.CONTENT_ENCODING);
        return encoding == null || encoding.isBlank() || encoding.equalsIgnoreCase("identity");
    }

    private static InputStream decoded(HttpServletRequest request) throws IOException {
        if (identity(request)) {
            return request.getInputStream();
        }
        if (request.getHeader(HttpHeaders.CONTENT_ENCODING).equalsIgnoreCase("gzip")) {
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
