package dev.inferencemetrics.otlp;

import dev.inferencemetrics.api.ApiProblem;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/** The two OTLP/HTTP encodings; the answer is written in the encoding the request came in. */
enum OtlpEncoding {
    PROTOBUF(MediaType.parseMediaType("application/x-protobuf")),
    JSON(MediaType.APPLICATION_JSON);

    private final MediaType mediaType;

    OtlpEncoding(MediaType mediaType) {
        this.mediaType = mediaType;
    }

    MediaType mediaType() {
        return mediaType;
    }

    /** @throws ApiProblem 415 for any other content type */
    static OtlpEncoding of(@Nullable String contentType) {
        return parse(contentType)
                .filter(type -> type.isCompatibleWith(PROTOBUF.mediaType) || type.isCompatibleWith(JSON.mediaType))
                .map(type -> type.isCompatibleWith(PROTOBUF.mediaType) ? PROTOBUF : JSON)
                .orElseThrow(() -> new ApiProblem(
                        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                        "Send OTLP traces as Content-Type: application/x-protobuf or application/json."));
    }

    private static Optional<MediaType> parse(@Nullable String contentType) {
        try {
            return Optional.ofNullable(contentType).map(MediaType::parseMediaType);
        } catch (InvalidMediaTypeException e) {
            return Optional.empty();
        }
    }
}
