#include "tests/app/video/video_decode.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <memory>

namespace articulab::video {

namespace {

struct DecoderState {
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  SwsContext* scaler = nullptr;
  ~DecoderState() {
    sws_freeContext(scaler);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
  }
};

void keepFrame(DecoderState& d, const std::vector<long>& keep, DecodedVideo& out) {
  for (std::size_t i = 0; i < keep.size(); ++i) {
    if (keep[i] != out.frames) continue;
    RgbImage& image = out.kept[i];
    image.resize(d.frame->width, d.frame->height);
    d.scaler = sws_getCachedContext(d.scaler, d.frame->width, d.frame->height, AVPixelFormat(d.frame->format),
                                    d.frame->width, d.frame->height, AV_PIX_FMT_RGB24, SWS_BICUBIC, nullptr, nullptr,
                                    nullptr);
    std::uint8_t* rows[1] = {image.pixels.data()};
    const int strides[1] = {3 * image.width};
    sws_scale(d.scaler, d.frame->data, d.frame->linesize, 0, d.frame->height, rows, strides);
  }
}

// Receives the decoded frames of what was sent; false on a decoding error.
bool receiveFrames(DecoderState& d, const std::vector<long>& keep, DecodedVideo& out) {
  for (;;) {
    const int r = avcodec_receive_frame(d.codec, d.frame);
    if (r == AVERROR(EAGAIN) || r == AVERROR_EOF) return true;
    if (r < 0) return false;
    keepFrame(d, keep, out);
    ++out.frames;
  }
}

}  // namespace

bool decodeVideo(const std::string& path, const std::vector<long>& keep, DecodedVideo& out, std::string& error) {
  DecoderState d;
  out = DecodedVideo{};
  out.kept.resize(keep.size());
  if (avformat_open_input(&d.format, path.c_str(), nullptr, nullptr) < 0) {
    error = path + ": libavformat cannot open it";
    return false;
  }
  if (avformat_find_stream_info(d.format, nullptr) < 0) {
    error = path + ": no stream information";
    return false;
  }
  const AVCodec* decoder = nullptr;
  const int stream = av_find_best_stream(d.format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
  if (stream < 0 || !decoder) {
    error = path + ": no decodable video stream";
    return false;
  }
  AVStream* s = d.format->streams[stream];
  d.codec = avcodec_alloc_context3(decoder);
  avcodec_parameters_to_context(d.codec, s->codecpar);
  if (avcodec_open2(d.codec, decoder, nullptr) < 0) {
    error = path + ": cannot open the decoder";
    return false;
  }
  out.codec = decoder->name;
  out.width = s->codecpar->width;
  out.height = s->codecpar->height;
  out.fps = s->avg_frame_rate.den ? av_q2d(s->avg_frame_rate) : 0.0;
  d.frame = av_frame_alloc();
  d.packet = av_packet_alloc();
  while (av_read_frame(d.format, d.packet) >= 0) {
    const bool ours = d.packet->stream_index == stream;
    const bool sent = !ours || avcodec_send_packet(d.codec, d.packet) >= 0;
    av_packet_unref(d.packet);
    if (!sent || (ours && !receiveFrames(d, keep, out))) {
      error = path + ": decoding failed at frame " + std::to_string(out.frames);
      return false;
    }
  }
  avcodec_send_packet(d.codec, nullptr);
  if (!receiveFrames(d, keep, out)) {
    error = path + ": decoding failed at the end";
    return false;
  }
  return true;
}

}  // namespace articulab::video
