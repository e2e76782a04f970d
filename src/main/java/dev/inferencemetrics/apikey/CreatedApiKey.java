package dev.inferencemetrics.apikey;

/** A new key: {@code plaintext} is shown to its owner once and is not stored anywhere. */
public record CreatedApiKey(ApiKeyInfo info, String plaintext) {}
