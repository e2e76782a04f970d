package dev.inferencemetrics.base.net;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;

/** An IPv4 or IPv6 network in CIDR form; a bare address is a network of one. */
public record Network(byte[] address, int prefix) {

    private static final Pattern LITERAL = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");

    /** The network written as {@code address[/prefix]}, if it is one (host names are not). */
    public static Optional<Network> parse(String text) {
        String[] parts = text.trim().split("/", -1);
        if (parts.length > 2 || !LITERAL.matcher(parts[0]).matches()) {
            return Optional.empty();
        }
        try {
            byte[] address = InetAddress.getByName(parts[0]).getAddress();
            int prefix = parts.length == 1 ? address.length * 8 : Integer.parseInt(parts[1]);
            if (prefix < 0 || prefix > address.length * 8) {
                return Optional.empty();
            }
            return Optional.of(new Network(masked(address, prefix), prefix));
        } catch (UnknownHostException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    static Network of(String text) {
        return parse(text).orElseThrow(() -> new IllegalArgumentException(text + " is not a network"));
    }

    public boolean contains(InetAddress candidate) {
        return contains(candidate.getAddress());
    }

    boolean contains(byte[] bytes) {
        return bytes.length == address.length && Arrays.equals(masked(bytes, prefix), address);
    }

    /** Whether every address of this network lies in {@code other}. */
    public boolean within(Network other) {
        return address.length == other.address.length
                && prefix >= other.prefix
                && Arrays.equals(masked(address, other.prefix), other.address);
    }

    private static byte[] masked(byte[] address, int prefix) {
        int bits = address.length * 8;
        BigInteger mask = BigInteger.ONE
                .shiftLeft(bits)
                .subtract(BigInteger.ONE)
                .shiftRight(prefix)
                .not();
        byte[] raw = new BigInteger(1, address).and(mask).toByteArray();
        byte[] out = new byte[address.length];
        int copy = Math.min(raw.length, out.length);
        System.arraycopy(raw, raw.length - copy, out, out.length - copy, copy);
        return out;
    }

    @Override
    public byte[] address() {
        return address.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Network that && prefix == that.prefix && Arrays.equals(address, that.address);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(address) * 31 + prefix;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(address).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a network holds a 4- or 16-byte address", e);
        }
    }
}
