package dev.inferencemetrics.rollup.sketch;

import com.datadoghq.sketch.ddsketch.store.Bin;
import java.io.ByteArrayOutputStream;
import java.util.Iterator;

/**
 * Compact storage form of a {@link LatencySketch}: a version byte, the count of zero values, the number of bins,
 * then each bin as the zig-zag varint gap from the previous bin index and the varint count. Counts are whole numbers
 * (observations), so a typical per-minute sketch takes one to three bytes a bin instead of DDSketch's eight.
 */
final class SketchCodec {

    private static final int VERSION = 1;

    private SketchCodec() {}

    static byte[] encode(LatencySketch sketch) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write(VERSION);
        writeVarLong(out, sketch.zeroCount());
        writeVarLong(out, sketch.binCount());
        int previous = 0;
        for (Iterator<Bin> bins = sketch.ascendingBins(); bins.hasNext(); ) {
            Bin bin = bins.next();
            writeVarLong(out, zigZag(bin.getIndex() - (long) previous));
            writeVarLong(out, Math.round(bin.getCount()));
            previous = bin.getIndex();
        }
        return out.toByteArray();
    }

    static void decodeInto(byte[] bytes, LatencySketch sketch) {
        Reader in = new Reader(bytes);
        int version = in.readByte();
        if (version != VERSION) {
            throw new IllegalArgumentException("unknown sketch encoding version " + version);
        }
        sketch.addZeros(in.readVarLong());
        long bins = in.readVarLong();
        if (bins > in.remaining() / 2) {
            throw new IllegalArgumentException("sketch is truncated");
        }
        int[] indexes = new int[(int) bins];
        long[] counts = new long[(int) bins];
        long index = 0;
        for (int i = 0; i < bins; i++) {
            index += unZigZag(in.readVarLong());
            indexes[i] = Math.toIntExact(index);
            counts[i] = in.readVarLong();
        }
        if (in.hasRemaining()) {
            throw new IllegalArgumentException("trailing bytes after sketch");
        }
        addBins(sketch, indexes, counts);
    }

    /**
     * Highest bin first, then the rest from the lowest: the dense store then sizes its array twice instead of
     * re-centring it for every new highest bin, which made decoding quadratic in the number of bins.
     */
    private static void addBins(LatencySketch sketch, int[] indexes, long[] counts) {
        int last = indexes.length - 1;
        if (last < 0) {
            return;
        }
        sketch.addBin(indexes[last], counts[last]);
        for (int i = 0; i < last; i++) {
            sketch.addBin(indexes[i], counts[i]);
        }
    }

    private static long zigZag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    private static long unZigZag(long value) {
        return (value >>> 1) ^ -(value & 1);
    }

    private static void writeVarLong(ByteArrayOutputStream out, long value) {
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            out.write((int) ((rest & 0x7F) | 0x80));
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    private static final class Reader {
        private final byte[] bytes;
        private int position;

        Reader(byte[] bytes) {
            this.bytes = bytes;
        }

        int readByte() {
            if (position >= bytes.length) {
                throw new IllegalArgumentException("sketch is truncated");
            }
            return bytes[position++] & 0xFF;
        }

        long readVarLong() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                int b = readByte();
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw new IllegalArgumentException("malformed varint in sketch");
        }

        boolean hasRemaining() {
            return position < bytes.length;
        }

        int remaining() {
            return bytes.length - position;
        }
    }
}
